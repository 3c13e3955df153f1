/** The kinds of a user's messages (Transaction screens; ours: the spec shows only date and text). */
export const MESSAGE_KINDS = ['devices_assigned', 'transfer_answered', 'rma_answered', 'order_answered', 'document_to_sign', 'announcement', 'from_manager', 'form_sent', 'form_reviewed'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_TEXTS = {
  messageText: 'Please input message',
  messageSent: 'Message sent',
  agents: 'Choose agents of that office',
} as const;
