/** Spec 2 §8: unlinking a manual config link. */
export const UNLINK_MESSAGES = {
  title: 'Delete config link',
  message: 'Are you sure you want to delete this config link',
  success: 'Deleted config link successfully',
} as const;

export const DETAILS_NOT_FOUND = 'Details not found';
