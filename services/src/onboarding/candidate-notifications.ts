import { onboardingStatusName } from '@portal/contracts';
import { enqueueMail } from '../platform/mail/mail-sender';
import type { Platform } from '../platform/platform';
import { enqueueSms } from '../platform/sms/sms-sender';

/**
 * What the candidate receives (doc 3 Send Invite delivery option: 0 e-mail, 1 phone — an SMS —,
 * 2 both; reminders by the channel chosen; custom e-mails by e-mail). Sent as jobs, so a slow
 * mail server or SMS provider never holds the request, and a failure is retried.
 */

export interface CandidateContact {
  readonly first_name: string;
  readonly email: string;
  readonly mobile_number: string;
}

const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', timeZone: 'UTC' }).replace(/\//g, '-');

export async function sendInvite(platform: Platform, candidate: CandidateContact, deliveryMethod: 0 | 1 | 2, link: { url: string; expires_at: string }, officeName: string): Promise<void> {
  if (deliveryMethod === 0 || deliveryMethod === 2) {
    await enqueueMail(platform.jobs, {
      to: candidate.email,
      subject: 'Your invitation to join as an agent',
      text: `Hello ${candidate.first_name},\n\nYou are invited to onboard as an agent of ${officeName}.\n\nOpen this link to fill in your profile, upload your documents and sign the consents:\n${link.url}\n\nThe link works until ${formatDate(link.expires_at)}.`,
    });
  }
  if (deliveryMethod === 1 || deliveryMethod === 2) {
    await enqueueSms(platform.jobs, { to: candidate.mobile_number, text: `${officeName} invites you to onboard as an agent. Fill in your profile by ${formatDate(link.expires_at)}: ${link.url}` });
  }
}

export async function sendReminder(platform: Platform, candidate: CandidateContact, channel: 'email' | 'sms', status: number, link: { url: string } | undefined): Promise<void> {
  const step = link ? `Please complete your profile: ${link.url}` : `Your onboarding is at "${onboardingStatusName(status)}"; please complete what is asked of you.`;
  if (channel === 'email') {
    await enqueueMail(platform.jobs, { to: candidate.email, subject: 'A reminder about your onboarding', text: `Hello ${candidate.first_name},\n\n${step}` });
  } else {
    await enqueueSms(platform.jobs, { to: candidate.mobile_number, text: `Onboarding reminder: ${step}` });
  }
}

export async function sendCustomEmail(platform: Platform, candidate: CandidateContact, status: number, text: string): Promise<void> {
  await enqueueMail(platform.jobs, { to: candidate.email, subject: `Your onboarding: ${onboardingStatusName(status)}`, text: `Hello ${candidate.first_name},\n\n${text}` });
}
