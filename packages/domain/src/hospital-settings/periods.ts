/** Hospital settings request bodies and constants: periods (filled by the issue-4 work). */
export {};
