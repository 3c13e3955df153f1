import { type Position, type UnitFormEvent, unitFormStream } from '@portal/contracts';
import { v5 as uuidv5 } from 'uuid';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import type { EventStore } from '../platform/event-store/event-store';
import { type UnitFormState, evolveUnitForm, initialUnitFormState } from './unit-form.decider';

const FORM_NAMESPACE = '0d1f4a8c-7b2e-4e5f-9a61-3c8d2b7e4f10';

/** A unit's one form: its id is made from the unit's, so two Send Documents racing for a unit meet on one stream (the second is refused). */
export const unitFormIdOf = (unitId: string) => uuidv5(unitId, FORM_NAMESPACE);

export interface LoadedUnitForm {
  readonly formId: string;
  readonly state: UnitFormState;
  readonly version: number;
}

export async function loadUnitForm(store: EventStore, formId: string): Promise<LoadedUnitForm> {
  const history = await store.readStream(unitFormStream(formId));
  const state = history.reduce((current, recorded) => evolveUnitForm(current, { type: recorded.type, data: recorded.data } as UnitFormEvent), initialUnitFormState);
  return { formId, state, version: history.length };
}

/** Appends at the version loaded: a concurrent change fails (ConcurrencyError) and the command is tried again. */
export async function appendUnitForm(store: EventStore, loaded: LoadedUnitForm, events: readonly UnitFormEvent[], context: CommandContext): Promise<Position> {
  const metadata = eventMetadata(context);
  const result = await store.append([
    { streamId: unitFormStream(loaded.formId), expectedVersion: loaded.version === 0 ? 'no_stream' : loaded.version, events: events.map((event) => ({ ...event, metadata })) },
  ]);
  return result.position;
}
