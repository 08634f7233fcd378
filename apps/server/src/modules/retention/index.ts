/** The retention module's face: the pruning of what the bank may no longer keep. */
export { pruneRetentionJob } from './prune';
