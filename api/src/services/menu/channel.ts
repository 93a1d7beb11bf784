// The PostgreSQL channel a publish notifies (the new version's number as payload).
export const MENU_CHANNEL = 'bakery_menu';
