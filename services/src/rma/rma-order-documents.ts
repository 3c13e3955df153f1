import { type RmaOrderAttachment, type RmaOrderDocument, type RmaOrderRow, officeWithNumber } from '@portal/contracts';
import type { RmaOrderDocumentFacts, RmaOrderFacts } from '@portal/projections';
import type { Config } from '../platform/config/config';
import { type SignatureCheck, checkLinkSignature, linkSignature } from '../platform/http/signed-links';
import { renderRmaForm, renderShippingLabels } from './documents/rma-documents';

/**
 * An RMA order's PDFs (doc 2 §3: rma_form_url, rma_shipping_label_url, attachments_list): rendered
 * on request from the order's read model (so they always show what the order says), behind signed
 * links that live a day — the list signs fresh ones on every read.
 */

const PURPOSE = 'rma-order-document';
export const RMA_DOCUMENT_LINK_TTL_MS = 24 * 60 * 60 * 1000;

const DOCUMENT_NAMES: Record<RmaOrderDocument, string> = { rma_form: 'RMA Form', shipping_label: 'Shipping Label' };

export function signedRmaDocumentPath(secret: Uint8Array, rmaOrderId: string, document: RmaOrderDocument, expires = Math.floor((Date.now() + RMA_DOCUMENT_LINK_TTL_MS) / 1000)): string {
  const signature = linkSignature(secret, PURPOSE, [rmaOrderId, document], expires);
  return `/api/v1/rma_orders/${encodeURIComponent(rmaOrderId)}/documents/${document}?expires=${expires}&signature=${signature}`;
}

export function checkRmaDocumentSignature(secret: Uint8Array, rmaOrderId: string, document: RmaOrderDocument, expires: number, signature: string): SignatureCheck {
  return checkLinkSignature(secret, PURPOSE, [rmaOrderId, document], expires, signature);
}

/** The documents an order has: its RMA form always; its shipping label once approved (and after, unless rejected). */
export const documentsOf = (order: Pick<RmaOrderFacts, 'status'>): RmaOrderDocument[] => (order.status >= 2 && order.status <= 4 ? ['rma_form', 'shipping_label'] : ['rma_form']);

/** An order row as the list answers it: the facts and freshly signed links to its PDFs. */
export function withDocumentLinks(order: RmaOrderFacts, secret: Uint8Array, baseUrl: string): RmaOrderRow {
  const url = (document: RmaOrderDocument) => `${baseUrl}${signedRmaDocumentPath(secret, order.id, document)}`;
  const documents = documentsOf(order);
  const attachments_list: RmaOrderAttachment[] = documents.map((document) => ({ name: `${DOCUMENT_NAMES[document]} ${order.rma_prefix}.pdf`, aws_document_url: url(document) }));
  return { ...order, rma_form_url: url('rma_form'), rma_shipping_label_url: documents.includes('shipping_label') ? url('shipping_label') : null, attachments_list };
}

export const documentFileName = (order: Pick<RmaOrderFacts, 'rma_prefix'>, document: RmaOrderDocument) => `${order.rma_prefix}-${document.replace('_', '-')}.pdf`;

/** The PDF itself. */
export function renderRmaOrderDocument(order: RmaOrderDocumentFacts, document: RmaOrderDocument, config: Pick<Config, 'RMA_RETURNS_NAME' | 'RMA_RETURNS_ADDRESS' | 'RMA_RETURNS_CITY' | 'RMA_RETURNS_STATE' | 'RMA_RETURNS_ZIP'>): Promise<Uint8Array> {
  const address = { address: order.address, city: order.city, state: order.state, zip: order.zip };
  if (document === 'rma_form') {
    return renderRmaForm({
      rma_prefix: order.rma_prefix,
      office_name: order.office_name ?? '',
      office_number: order.office_number,
      ibo_market_name: order.ibo_market_name,
      submitted_by: order.submitted_user_name ?? '',
      submitted_at: new Date(order.created_at).toISOString(),
      address,
      boxes: { count: order.no_of_boxes, ...order.boxes },
      devices: order.devices.map((device) => ({ ...device })),
    });
  }
  return renderShippingLabels({
    rma_prefix: order.rma_prefix,
    from: { name: officeWithNumber(order.office_name ?? '', order.office_number), ...address },
    to: { name: config.RMA_RETURNS_NAME, address: config.RMA_RETURNS_ADDRESS, city: config.RMA_RETURNS_CITY, state: config.RMA_RETURNS_STATE, zip: config.RMA_RETURNS_ZIP },
    box_count: order.no_of_boxes,
    approved_at: new Date(order.approved_at ?? order.created_at).toISOString(),
  });
}
