import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest, ResetPasswordRequest } from '@nocturne/contracts';
import type { z } from 'zod';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';

/** Always answers 202, whether or not the address has an account (no account probing). */
const requestPasswordReset = (payload: z.input<typeof ForgotPasswordRequest>) =>
  api.call(routes.requestPasswordReset, { body: payload });

const resetPassword = (payload: z.input<typeof ResetPasswordRequest>) => api.call(routes.resetPassword, { body: payload });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
