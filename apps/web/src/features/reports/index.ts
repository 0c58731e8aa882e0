export { type ReportSearch, reportSearch } from './api/report-search.ts';
