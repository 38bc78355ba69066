export const TABLE_EMPTY_TEXT = 'No data available';
export const TABLE_LOADING_TEXT = 'loading data...';
