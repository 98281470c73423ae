/** Hospital settings request bodies and constants: strategy (filled by the issue-4 work). */
export {};
