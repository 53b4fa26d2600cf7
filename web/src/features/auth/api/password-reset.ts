import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest, ResetPasswordRequest, SuccessResponse } from '@nocturne/contracts';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

type Answer = z.infer<typeof SuccessResponse>;

/** Always answers 202, whether or not the address has an account (no account probing). */
export const requestPasswordReset = (payload: z.input<typeof ForgotPasswordRequest>) =>
  api.post<Answer>('/api/auth/forgot-password', payload);

export const resetPassword = (payload: z.input<typeof ResetPasswordRequest>) =>
  api.post<Answer>('/api/auth/reset-password', payload);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
