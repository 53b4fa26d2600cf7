/** Whether this run is the job's last: a retryable failure now becomes final and is recorded as such. */
export function isFinalAttempt(job: { attemptsMade: number; opts: { attempts?: number } }): boolean {
  return job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}
