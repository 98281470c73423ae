/** Hospital settings request bodies and constants: system (filled by the issue-4 work). */
export {};
