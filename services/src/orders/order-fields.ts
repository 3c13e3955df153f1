import type { OrderQuantities, OrderShipping } from '@portal/contracts';

/** The shipping fields of a request, answer or resubmit body, as the events keep them (absent optional fields: null). */
export function shippingOf(body: {
  ship_to_name: string; company_name?: string; address: string; address2?: string; address3?: string; city: string; state: string; zip: string; contact_phone_number: string; email: string;
}): OrderShipping {
  return {
    ship_to_name: body.ship_to_name,
    company_name: body.company_name ?? null,
    address: body.address,
    address2: body.address2 ?? null,
    address3: body.address3 ?? null,
    city: body.city,
    state: body.state,
    zip: body.zip,
    contact_phone_number: body.contact_phone_number,
    email: body.email,
  };
}

/** Phones (`devices_…`), tablets and SIMs of a body, requested or approved. */
export function quantitiesOf<Suffix extends 'requested' | 'approved'>(body: Record<`${'devices' | 'tablets' | 'sims'}_${Suffix}`, number>, suffix: Suffix): OrderQuantities {
  return { devices: body[`devices_${suffix}`], tablets: body[`tablets_${suffix}`], sims: body[`sims_${suffix}`] };
}
