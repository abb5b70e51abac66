/**
 * Where a list's column chooser keeps its choice in react-admin's store (the datagrid's
 * preferenceKey), shared by the list and its export of the columns on screen. A key of its own,
 * not react-admin's '<resource>.datagrid': the chooser keeps the columns it was first given, and
 * an older build stored the row actions there as 'Unlabeled column'.
 */
export const columnsPreferenceKey = (resource: string) => `${resource}.columns`;
