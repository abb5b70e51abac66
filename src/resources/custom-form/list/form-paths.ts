/** Where the custom-form pages live (spec 2 §2). */
export const FORM_LIST_PATH = '/custom-form';
export const ADD_FORM_PATH = '/custom-form/add-new';
export const VIEW_LIST_PATH = '/custom-form/view-list';
export const editFormPath = (id: string) => `/custom-form/edit/${encodeURIComponent(id)}`;
export const revisionsPath = (id: string) => `/custom-form/form-revisions/${encodeURIComponent(id)}`;
