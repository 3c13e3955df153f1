import { Module } from '@nestjs/common';
import { AgentSummaryController } from './agent-summary.controller';
import { CandidatePageController } from './candidate-page.controller';
import { CommentOnCandidateHandler } from './comment-candidate.command';
import { SaveCandidateProfileHandler } from './save-candidate-profile.command';
import { SignCandidateConsentHandler } from './sign-candidate-consent.command';
import { DeleteCandidateHandler } from './delete-candidate.command';
import { EditCandidateHandler } from './edit-candidate.command';
import { InviteCandidateHandler } from './invite-candidate.command';
import { MoveCandidateStageHandler } from './move-candidate-stage.command';
import { OnboardingStagesController } from './onboarding-stages.controller';
import { OnboardingController } from './onboarding.controller';
import { RecordStageMoveHandler } from './record-stage-move.command';
import { RemindCandidateHandler } from './remind-candidate.command';
import { ResendInviteHandler } from './resend-invite.command';
import { SendCustomEmailHandler } from './send-custom-email.command';

/** Onboarding over HTTP: Send Invite, the Onboarding Summary and its actions, the candidate's own page, upstream stage moves. */
@Module({
  controllers: [OnboardingController, OnboardingStagesController, CandidatePageController, AgentSummaryController],
  providers: [InviteCandidateHandler, ResendInviteHandler, RemindCandidateHandler, DeleteCandidateHandler, SendCustomEmailHandler, CommentOnCandidateHandler, MoveCandidateStageHandler, RecordStageMoveHandler, SaveCandidateProfileHandler, SignCandidateConsentHandler, EditCandidateHandler],
})
export class OnboardingModule {}
