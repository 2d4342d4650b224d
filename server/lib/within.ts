/** Settles as `promise` does, or rejects when it has not settled within `ms`. */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, silence]);
  } finally {
    clearTimeout(timer);
  }
}
