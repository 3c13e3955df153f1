import type { FaqEntry } from '@portal/contracts';

/**
 * The FAQ (doc 3 §2 FAQ and support): 28 questions and answers written for this product, on the
 * topics the spec names — signing in and passwords, roles, transfers, the two-step RMA flow,
 * onboarding invites, offices and administration. The login answer is HTML (the spec renders it
 * so); the console sanitises it before showing it. Every other answer is plain text.
 */
export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    id: 'login',
    question: 'How do I sign in to the portal?',
    answer:
      '<p>Open the portal and enter the <strong>e-mail address</strong> your administrator registered and your <strong>password</strong>, then press <em>Login</em>.</p>' +
      '<ul><li>A new account receives an e-mail with a link to choose a password; the link is valid for 3 days.</li>' +
      '<li>After 10 failed attempts in 15 minutes, sign-in pauses for that account; wait, then try again or reset your password.</li>' +
      '<li>If your administrator asks for it, the portal has you choose a new password before you continue.</li></ul>' +
      '<p>Still stuck? Use <a href="/page-forgot-password">Forgot password</a> or write to support from the Help centre.</p>',
    answer_format: 'html',
  },
  { id: 'forgot-password', question: 'I forgot my password. How do I reset it?', answer: 'On the sign-in page choose "Forgot password", enter your e-mail address and press Submit. You receive an e-mail with a link valid for 60 minutes; open it and choose a new password, typed twice. The old password stops working at once, and so does any earlier reset link.', answer_format: 'text' },
  { id: 'change-password', question: 'How do I change my password while signed in?', answer: 'Open the menu under your name at the top right and choose Change Password. Enter your current password and the new one twice, then save. You stay signed in.', answer_format: 'text' },
  { id: 'one-role', question: 'Can one user hold several roles?', answer: 'One role per user applies, except for Agent: a manager may also be an agent and then sees both their manager screens and their own devices. Your administrator chooses your role on Add User or Edit User.', answer_format: 'text' },
  { id: 'roles', question: 'What can each role do?', answer: 'Agents accept devices assigned to them, transfer them back, start returns and sign compliance documents. Office managers receive cartons, assign devices to agents and read their office\'s reports. IBO managers do the same for every office of their IBO/market and manage its users and offices. Retailer managers oversee every IBO/market of the retailer, add IBO/markets and users, and publish announcements and training content.', answer_format: 'text' },
  { id: 'menu-missing', question: 'Why do I not see a menu item a colleague has?', answer: 'Menus follow your role. A screen your role may not open shows "Forbidden Error!" with a link back to the dashboard. Ask your IBO or retailer manager if you need another role.', answer_format: 'text' },
  { id: 'receive', question: 'How do I receive a carton into my office?', answer: 'Open Inventory > Receive Inventory, scan or type the carton number or the IMEIs, and press Receive. Devices become In Stock in your office. A device already received elsewhere is refused with its IMEI named, and nothing of the carton is received until every IMEI is right.', answer_format: 'text' },
  { id: 'assign', question: 'How do I assign devices to an agent?', answer: 'Open Inventory > Assign Inventory, tick the devices (or use Select All), press Assign and choose the agent. The agent sees the devices as Pending Acceptance until they accept them on their dashboard.', answer_format: 'text' },
  { id: 'accept', question: 'As an agent, how do I accept devices assigned to me?', answer: 'Open Accept Inventory, tick the devices you have received in hand and press Accept. Devices you did not receive can be rejected; they go back to the office\'s stock.', answer_format: 'text' },
  { id: 'transfer-office', question: 'How do I transfer devices to another office?', answer: 'Open Inventory > Transfer Inventory, tick the devices, press Transfer and choose the receiving office. The devices are In Transit until a manager of that office accepts the transfer. Only active offices can receive a transfer.', answer_format: 'text' },
  { id: 'transfer-back', question: 'How does an agent transfer devices back to the office?', answer: 'The agent opens My Inventory, ticks the devices and presses Transfer Back. The office manager sees them on Accept Transfer and accepts them into the office\'s stock.', answer_format: 'text' },
  { id: 'reassign', question: 'Can I move devices from one agent to another?', answer: 'Yes: Inventory > Reassign Inventory lists devices held by agents; tick them, press Reassign and choose the new agent. The device history records both agents.', answer_format: 'text' },
  { id: 'device-history', question: 'Where do I see everything that happened to a device?', answer: 'Search its IMEI in the device finder at the top of any inventory screen and open Device Log: every receipt, assignment, transfer, return and sale is listed in order with who did it and when.', answer_format: 'text' },
  { id: 'rma-steps', question: 'How does a return (RMA) work?', answer: 'Returns take two steps. First a device is initiated for return (Initiate RMA) with a reason; a manager approves or rejects the request. Then the approved devices of an office are submitted as one RMA order with its boxes (Submit RMA); the order gets an RMA form and, once approved, shipping labels to print.', answer_format: 'text' },
  { id: 'rma-agent', question: 'Can an agent start a return?', answer: 'Yes. An agent opens Initiate RMA on their menu, chooses their device, gives the reason and a photo if asked, and submits. Their office manager then approves or rejects it under Pending RMA Requests.', answer_format: 'text' },
  { id: 'rma-status', question: 'Where do I follow my RMA orders?', answer: 'RMA & Orders > RMA Status lists every order with its status, its RMA form and its shipping label. The label appears once the order is approved; the order is completed when the returns desk receives the boxes.', answer_format: 'text' },
  { id: 'device-orders', question: 'How do I order more devices?', answer: 'Open RMA & Orders > Device Orders and press New Order: choose the device types and quantities and submit. The order goes to your IBO manager, then your retailer manager, for approval; you see each step and its comments on the order.', answer_format: 'text' },
  { id: 'invite', question: 'How do I invite a new agent?', answer: 'Open Onboarding > Send Invite, choose the office, the role, the name, e-mail and mobile number, and how to deliver the invite (e-mail, phone or both). The candidate receives a link to fill in their profile; you follow them on the Onboarding Summary.', answer_format: 'text' },
  { id: 'invite-office-missing', question: 'Why is an office missing from Send Invite?', answer: 'Send Invite offers only active offices whose "Send Invite" setting is Yes. An IBO or retailer manager can change the setting on Edit Office.', answer_format: 'text' },
  { id: 'invite-expired', question: 'A candidate\'s invite expired. What now?', answer: 'On the Onboarding Summary, find the candidate and choose Resend: a new link is sent and the old one stops working.', answer_format: 'text' },
  { id: 'add-office', question: 'How do I create an office?', answer: 'IBO and retailer managers open Administration > Offices and press Add Office. Choose the IBO/market (retailer managers), the state, the office manager and any add-on managers, then Create Office. The office number is given by the portal (OF and the next number); the name can be changed later.', answer_format: 'text' },
  { id: 'deactivate-office', question: 'Why can I not deactivate an office?', answer: 'An office that still holds devices or active agents cannot be deactivated: the message says how many and where. Transfer the devices and move the agents to another office first. A deactivated office keeps its history in every report.', answer_format: 'text' },
  { id: 'office-manager-change', question: 'What happens when I change an office\'s manager?', answer: 'If the office holds inventory, the portal warns you first: the new manager becomes responsible for all existing inventory of the office. Confirm to save, or cancel to keep the current manager.', answer_format: 'text' },
  { id: 'add-user', question: 'How do I add a user?', answer: 'Retailer managers open Administration > Users and press Add User; fill in the role, IBO/market, office and the person\'s details. The user receives an e-mail to choose their password: nobody else ever chooses it.', answer_format: 'text' },
  { id: 'move-agent', question: 'How do I move an agent to another office?', answer: 'On Administration > Users, press Transfer on the agent\'s row, choose the new office and confirm. Devices the agent holds stay with the agent.', answer_format: 'text' },
  { id: 'export', question: 'How do I export a report to a spreadsheet?', answer: 'Every report has Export Report: it exports what the screen shows, with the same filters and sort, as CSV (or Excel from the arrow beside it). Large exports are prepared in the background; a notice tells you when the file is ready to download.', answer_format: 'text' },
  { id: 'aging', question: 'How is a device\'s age counted?', answer: 'Age is the number of days since the device was received into the business, counted in the business\'s time zone. The aged inventory reports group devices by these days.', answer_format: 'text' },
  { id: 'announcements', question: 'Where do I find announcements?', answer: 'Announcements lists every message for your role, newest first, with any file attached. A new announcement opens the IMPORTANT ANNOUNCEMENTS window the next time you sign in or open the portal.', answer_format: 'text' },
];

/** The entries whose question or answer contains `searchText` (case-insensitive; HTML tags do not match). */
export function searchFaq(searchText: string | undefined): FaqEntry[] {
  const term = searchText?.trim().toLowerCase();
  if (!term) return [...FAQ_ENTRIES];
  const plain = (entry: FaqEntry) => (entry.answer_format === 'html' ? entry.answer.replace(/<[^>]*>/g, ' ') : entry.answer);
  return FAQ_ENTRIES.filter((entry) => entry.question.toLowerCase().includes(term) || plain(entry).toLowerCase().includes(term));
}
