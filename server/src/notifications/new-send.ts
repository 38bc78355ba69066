/** A send as the consumer writes it; 'pending' ones may still become 'repeat-interval' in the insert. */
export interface NewSend {
  notification_id: string;
  event_id: string;
  source_event: string;
  resource_id: string | null;
  resource_type: string;
  resource_name: string | null;
  recipient: string;
  status: 'pending' | 'silenced' | 'failed' | 'repeat-interval' | 'held';
  silenced_by: string | null;
  error: string | null;
  title: string | null;
  body: string | null;
  repeat_seconds: number | null;
}
