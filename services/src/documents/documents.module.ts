import { Module } from '@nestjs/common';
import { ComplianceController } from './compliance.controller';
import { FillUnitFormHandler } from './fill-unit-form.command';
import { PublishComplianceDocumentHandler } from './publish-compliance-document.command';
import { ReviewUnitFormHandler } from './review-unit-form.command';
import { SendUnitFormHandler } from './send-unit-form.command';
import { SignComplianceDocumentHandler } from './sign-compliance-document.command';
import { UnitFormsController } from './unit-forms.controller';

/** Documents over HTTP: compliance documents (publish, sign, verify) and the forms sent to IBOs/markets and offices (send, fill, review). */
@Module({
  controllers: [ComplianceController, UnitFormsController],
  providers: [PublishComplianceDocumentHandler, SignComplianceDocumentHandler, SendUnitFormHandler, FillUnitFormHandler, ReviewUnitFormHandler],
})
export class DocumentsModule {}
