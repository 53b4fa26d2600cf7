/*
 * What the rest of the api may use of the door module: members' cards (wallet passes show the
 * card's QR and short code, issued the first time they are asked for, like My card).
 */
export { MemberCards } from './member-cards.service.js';
