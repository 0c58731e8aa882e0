/** The refrigerant tab's query keys: `rack` covers a rack's log and level trend. */
export const refrigerantKeys = {
  all: ['refrigerant'] as const,
  rack: (controllerId: number, ref: string) => ['refrigerant', controllerId, ref] as const,
  log: (controllerId: number, ref: string) => ['refrigerant', controllerId, ref, 'log'] as const,
  levelTrend: (controllerId: number, ref: string) => ['refrigerant', controllerId, ref, 'level-trend'] as const,
  table: ['refrigerant', 'table'] as const,
};
