import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import {
  type ChangePasswordBody,
  type ForgotPasswordBody,
  type LoginBody,
  type PasswordForceUpdateBody,
  type RegisterBody,
  type ResetPasswordBody,
  changePasswordBody,
  forgotPasswordBody,
  loginBody,
  passwordForceUpdateBody,
  registerBody,
  resetPasswordBody,
} from '@portal/contracts';
import type { Request } from 'express';
import type { CommandContext } from '../platform/commands/command-context';
import { ZodValidation } from '../platform/http/zod-body';
import type { AuthService, AuthenticatedUser } from './auth.service';
import { AUTH_SERVICE } from './auth.tokens';
import { Command, CurrentUser } from './current-user';

/** doc 1 §7 Auth, plus sign-up and reset by link. Thin: validation here, rules in AuthService. */
@Controller()
export class AuthController {
  constructor(@Inject(AUTH_SERVICE) private readonly auth: AuthService) {}

  @Post('api/login')
  @HttpCode(200)
  async login(@Body(new ZodValidation(loginBody)) body: LoginBody, @Req() request: Request) {
    const items = await this.auth.login(body.email, body.password, request.ip ?? 'unknown');
    return { message: 'Login Successfully', items };
  }

  @Post('api/register')
  @HttpCode(200)
  async register(@Body(new ZodValidation(registerBody)) body: RegisterBody) {
    await this.auth.register(body.email, body.password);
    return { message: 'Signup Successfully Completed' };
  }

  @Post('api/forgot_password')
  @HttpCode(200)
  async forgotPassword(@Body(new ZodValidation(forgotPasswordBody)) body: ForgotPasswordBody) {
    await this.auth.forgotPassword(body.email);
    return { message: 'We have e-mailed you a link to reset your password' };
  }

  @Post('api/reset_password')
  @HttpCode(200)
  async resetPassword(@Body(new ZodValidation(resetPasswordBody)) body: ResetPasswordBody) {
    await this.auth.resetPassword(body.token, body.password);
    return { message: 'Your password has been reset. Please login' };
  }

  @Post('api/v1/password_force_update')
  @HttpCode(200)
  async forceUpdate(@Body(new ZodValidation(passwordForceUpdateBody)) body: PasswordForceUpdateBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext) {
    const items = await this.auth.changePassword(user, body.password, undefined, context);
    return { message: 'Password updated successfully', items };
  }

  @Post('api/v1/change_password')
  @HttpCode(200)
  async changePassword(@Body(new ZodValidation(changePasswordBody)) body: ChangePasswordBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext) {
    const items = await this.auth.changePassword(user, body.password, body.old_password, context);
    return { message: 'Password changed successfully', items };
  }

  @Post('api/v1/logout')
  @HttpCode(200)
  async logout(@CurrentUser() user: AuthenticatedUser) {
    await this.auth.logout(user);
    return { message: 'Logged out' };
  }
}
