/** The alarm list's one-tap views on a phone. */
export const en = {
  quickFilters: 'Quick filters',
  quick_active: 'Active',
  quick_critical: 'Critical',
  quick_mine: 'Mine',
  notesBy: 'Last saved by {{name}}, {{time}}',
};
