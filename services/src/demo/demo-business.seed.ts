// The demo business composes every capability's commands, so it lives beside them, in no capability of its own.
import { type OrgEvent, ROLE, type RoleId } from '@portal/contracts';
import { eventMetadata, systemContext } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import { decideUnitStatus } from '../admin/unit-admin.decider';
import type { EventStore } from '../platform/event-store/event-store';
import { publishAnnouncement } from '../help/announcement.commands';
import { OrgCommands, latest } from '../admin/org.commands';
import type { Position } from '@portal/contracts';

export const DEMO_PASSWORD = 'Passw0rd!';

/** The demo accounts the README lists; they form one chain: agent → office → IBO/market → retailer. */
export const DEMO_ACCOUNTS = {
  super: 'super@demo.test',
  retailerManager: 'retailer.manager@demo.test',
  iboManager: 'ibo.manager@demo.test',
  officeManager: 'office.manager@demo.test',
  agent: 'agent@demo.test',
  newAgent: 'new.agent@demo.test',
  auditor: 'auditor@demo.test',
} as const;

const STATES = ['TX', 'TX', 'OK', 'LA', 'AR', 'NM', 'CA', 'CA', 'AZ', 'NV', 'FL', 'GA'];
const CITIES = ['Dallas', 'Houston', 'Tulsa', 'Baton Rouge', 'Little Rock', 'Albuquerque', 'Fresno', 'Sacramento', 'Phoenix', 'Las Vegas', 'Tampa', 'Atlanta'];
const FIRST = ['Ava', 'Liam', 'Mia', 'Noah', 'Zoe', 'Ethan', 'Ivy', 'Lucas', 'Nora', 'Owen', 'Ruby', 'Eli'];
const LAST = ['Garcia', 'Smith', 'Nguyen', 'Johnson', 'Brown', 'Lopez', 'Davis', 'Wilson', 'Clark', 'Young', 'Allen', 'King'];

/** The first announcement, oldest first: every demo account sees it and is prompted once (the help seed adds the rest). */
const DEMO_ANNOUNCEMENTS = [
  { message_text: 'Welcome to the distribution portal. Your inventory, RMA, orders and onboarding are all here; the Help centre has training documents and videos.' },
];

/** An office of the demo business as the device seed needs it. */
export interface DemoOffice {
  readonly id: string;
  readonly retailerId: string;
  readonly managerId: string;
  /** The IBO manager of the office's market: who answers its RMA orders and first approves its device orders. */
  readonly iboManagerId: string;
  /** The retailer manager over it, and the admin: the device order chain's next levels. */
  readonly retailerManagerId: string;
  readonly adminId: string;
  /** Its state's short code (device orders: phones and tablets only for CA). */
  readonly stateShortName: string;
  readonly agentIds: readonly string[];
}

export interface SeedSummary {
  readonly position: Position;
  readonly offices: number;
  readonly agents: number;
  readonly officeDetails: readonly DemoOffice[];
}

/** The managers' surnames: letters only, as Edit User's name rule asks (doc 3 §5), so a seeded user can be edited as they are. */
const RETAILER_MANAGER_SURNAMES = ['Reyes', 'Ramsey'];
const IBO_MANAGER_SURNAMES = ['Mercer', 'Mason', 'Moreno', 'Mills'];
const OFFICE_MANAGER_SURNAMES = ['Ortega', 'Owens', 'Oliver', 'Olsen', 'Osborne', 'Oakley', 'Ochoa', 'Odom', 'Orr', 'Oneal', 'Oswald', 'Otto'];

/** How long ago the demo business was set up: before the device story's first day (365 days ago). */
const ORG_FOUNDED_DAYS_AGO = 400;

/**
 * The demo business, made through the same commands a user would issue (its history is real
 * events): 1 master agent, 1 distributor, 2 retailers, 4 IBO/markets, 12 offices, their
 * managers, 120 agents, the demo accounts, and two announcements.
 */
export async function seedDemoBusiness(store: EventStore, org: OrgCommands): Promise<SeedSummary> {
  // The business was set up before its first device arrived (the device story goes back a year):
  // dated so, an auditor's fleet report as of a past date finds its offices and people.
  const context = systemContext(new Date(Date.now() - ORG_FOUNDED_DAYS_AGO * 86_400_000), 'seed');
  const positions: Position[] = [];
  const track = <T extends { position: Position }>(result: T) => (positions.push(result.position), result);
  const user = async (email: string, first: string, last: string, roles: RoleId[], extra: { office_id?: string; ibo_marketer_id?: string; retailer_id?: string }) => {
    const id = track(await org.createUser({ email, first_name: first, last_name: last, mobile_number: '2145550100', ...extra }, roles, DEMO_PASSWORD, context)).id;
    // Every demo account but new.agent has already changed the password it was given.
    if (email !== DEMO_ACCOUNTS.newAgent) {
      const result = await store.append([
        {
          streamId: `user-${id}`,
          expectedVersion: 1,
          events: [{ type: 'UserPasswordChanged', data: { user_id: id, reason: 'changed' }, metadata: { user_id: id, correlation_id: context.correlationId } }],
        },
      ]);
      positions.push(result.position);
    }
    return id;
  };

  const appendDecided = async (streamId: string, expectedVersion: number, decided: OrgEvent[] | DomainError) => {
    if (decided instanceof DomainError) throw decided;
    const metadata = eventMetadata(context);
    positions.push((await store.append([{ streamId, expectedVersion, events: decided.map((event) => ({ ...event, metadata })) }])).position);
  };

  const master = track(await org.registerMasterAgent('Lone Star Master Agency', context)).id;
  const distributor = track(await org.registerDistributor('Prairie Wireless Distribution', master, context)).id;
  const retailers = [
    track(await org.registerRetailer('Bluebonnet Mobile', distributor, context)).id,
    track(await org.registerRetailer('Coastline Connect', distributor, context)).id,
  ];
  const adminId = await user(DEMO_ACCOUNTS.super, 'Sam', 'Super', [ROLE.SUPER_ADMIN], {});

  let officeIndex = 0;
  let agents = 0;
  const officeDetails: DemoOffice[] = [];
  for (const [retailerIndex, retailerId] of retailers.entries()) {
    const retailerManagerId = await user(retailerIndex === 0 ? DEMO_ACCOUNTS.retailerManager : `retailer.manager${retailerIndex + 1}@demo.test`, 'Rita', RETAILER_MANAGER_SURNAMES[retailerIndex]!, [ROLE.RETAILER_MANAGER], {
      retailer_id: retailerId,
    });
    if (retailerIndex === 0) {
      // The auditor of Bluebonnet Mobile (issue 23, docs/AUDIT.md): reads everything of the retailer, changes nothing.
      await user(DEMO_ACCOUNTS.auditor, 'Ada', 'Auditor', [ROLE.AUDITOR], { retailer_id: retailerId });
      // Administration's story (docs/ADMIN.md): a market the retailer has closed — no offices, no agents — shown Inactive on /marketers.
      const closed = track(await org.createIboMarket('Prairie Market', retailerId, context)).id;
      await appendDecided(`market-${closed}`, 1, decideUnitStatus([ROLE.SUPER_ADMIN], 'market', { id: closed, name: 'Prairie Market', status: 1 }, 0, { devices: 0, activeAgents: 0 }));
    }
    for (let marketIndex = 0; marketIndex < 2; marketIndex++) {
      const marketNumber = retailerIndex * 2 + marketIndex + 1;
      const market = track(await org.createIboMarket(`${['North', 'South', 'East', 'West'][marketNumber - 1]} Market`, retailerId, context)).id;
      const iboManager = await user(marketNumber === 1 ? DEMO_ACCOUNTS.iboManager : `ibo.manager${marketNumber}@demo.test`, 'Ian', IBO_MANAGER_SURNAMES[marketNumber - 1]!, [ROLE.IBO_MANAGER], {
        ibo_marketer_id: market,
        retailer_id: retailerId,
      });
      positions.push(await org.assignManagers({ kind: 'market', ibo_marketer_id: market }, [iboManager], [], context));

      for (let inMarket = 0; inMarket < 3; inMarket++) {
        const number = officeIndex + 1;
        const office = track(
          await org.createOffice(
            { name: `${CITIES[officeIndex]} Office`, office_number: `OF${String(number).padStart(3, '0')}`, state_short_name: STATES[officeIndex]!, ibo_marketer_id: market },
            context,
          ),
        ).id;
        const managerEmail = number === 1 ? DEMO_ACCOUNTS.officeManager : `office.manager${number}@demo.test`;
        const manager = await user(managerEmail, 'Olivia', OFFICE_MANAGER_SURNAMES[officeIndex]!, [ROLE.OFFICE_MANAGER], { office_id: office, ibo_marketer_id: market, retailer_id: retailerId });
        const agentIds: string[] = [];
        officeDetails.push({ id: office, retailerId, managerId: manager, iboManagerId: iboManager, retailerManagerId, adminId, stateShortName: STATES[officeIndex]!, agentIds });
        positions.push(await org.assignManagers({ kind: 'office', office_id: office }, [manager], [], context));
        // Little Rock is not offered by Send Invite (lifeline_status 0, docs/ADMIN.md): the Office list's filter has both answers.
        if (CITIES[officeIndex] === 'Little Rock') {
          await appendDecided(`office-${office}`, 2, [{ type: 'OfficeInviteSettingChanged', data: { office_id: office, lifeline_status: 0 } }]);
        }
        for (let agentIndex = 0; agentIndex < 10; agentIndex++) {
          agents++;
          const email =
            number === 1 && agentIndex === 0 ? DEMO_ACCOUNTS.agent : number === 1 && agentIndex === 1 ? DEMO_ACCOUNTS.newAgent : `agent${String(agents).padStart(3, '0')}@demo.test`;
          agentIds.push(
            await user(email, FIRST[agents % FIRST.length]!, LAST[(agents * 7) % LAST.length]!, [ROLE.AGENT], {
              office_id: office,
              ibo_marketer_id: market,
              retailer_id: retailerId,
            }),
          );
        }
        officeIndex++;
      }
    }
  }
  // Last, so whoever waits for the last agent (agent120) still waits for the organisation only.
  // Announced today (the org's backdated context would date them a year back).
  const today = systemContext(new Date(), 'seed');
  for (const announcement of DEMO_ANNOUNCEMENTS) track(await publishAnnouncement(store, announcement, today));
  return { position: latest(...positions), offices: officeIndex, agents, officeDetails };
}
