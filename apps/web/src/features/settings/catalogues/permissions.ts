/** The permission of every change on the "Units, tags and reasons" screen (the server checks it too). */
export const CATALOGUE_EDIT = 'settings:catalogue:edit';
/** The dictionary-backed tabs call the dictionary API, which has its own permissions. */
export const DICTIONARY_LIST = 'system:dictionary:list';
