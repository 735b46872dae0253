/** The three voice ids of the official clients' documentation (READMEs, examples, tests, OpenAPI example). */
export const documentedIds = ['tc_60e5426de8b95f1d3000d7b5', 'tc_672c5f5ce59fac2a48faeaee', 'tc_62a8975e695ad26f7fb514d1'];
