/** Hospital settings request bodies and constants: crisis (filled by the issue-4 work). */
export {};
