/**
 * An office as every screen, export, form and label names it: its name, and its number in
 * brackets when it has one — "Dallas Office (OF001)". One form everywhere (issue 42: the RMA form
 * and carton labels said "(#OF001)").
 */
export const officeWithNumber = (name: string, officeNumber: string | null | undefined): string => (officeNumber ? `${name} (${officeNumber})` : name);
