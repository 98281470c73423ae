/** Hospital settings request bodies and constants: catalogues (filled by the issue-4 work). */
export {};
