import { connectionForm, STORED_ONLY_CONNECTION_TYPES } from '@pharos/core';
import { useState } from 'react';
import { Alert } from '../../../ui/alert';
import { Dialog } from '../../../ui/dialog';
import { Spinner } from '../../../ui/spinner';
import { useConnection } from './api';
import { ConnectionForm } from './connection-form';
import { TypeChooser } from './type-chooser';

export interface ConnectionDialogProps {
  /** The connection to edit; absent to add one. */
  id?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  canWrite: boolean;
  connectionNames: (type: string) => string[];
}

/** Adds a connection (pick a type, then fill its form) or edits a saved one. */
export function ConnectionDialog({ id, open, onOpenChange, canWrite, connectionNames }: ConnectionDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={id ? 'Edit Connection' : 'Add Connection'} size="medium" preventOutsideClose>
      {open && (id ? <EditConnection id={id} canWrite={canWrite} connectionNames={connectionNames} onDone={() => onOpenChange(false)} /> : <NewConnection connectionNames={connectionNames} onDone={() => onOpenChange(false)} />)}
    </Dialog>
  );
}

function NewConnection({ connectionNames, onDone }: { connectionNames: (type: string) => string[]; onDone: () => void }) {
  const [type, setType] = useState<string | null>(null);
  if (!type) return <TypeChooser onChoose={setType} />;
  return <ConnectionForm key={type} type={type} canWrite connectionNames={connectionNames} onBack={() => setType(null)} onDone={onDone} />;
}

function EditConnection({ id, canWrite, connectionNames, onDone }: { id: string; canWrite: boolean; connectionNames: (type: string) => string[]; onDone: () => void }) {
  const connection = useConnection(id);
  if (connection.isPending) return <Spinner label="Loading the connection" />;
  if (connection.error) return <Alert tone="error">{connection.error.message}</Alert>;
  const { type } = connection.data;
  if ((STORED_ONLY_CONNECTION_TYPES as readonly string[]).includes(type)) {
    return <Alert>Pharos keeps {type} connections applied from mission-control files but has no form for them: change the file and apply it again.</Alert>;
  }
  if (!connectionForm(type)) return <Alert tone="error">Unknown connection type {type}</Alert>;
  return <ConnectionForm type={connection.data.type} saved={connection.data} canWrite={canWrite} connectionNames={connectionNames} onDone={onDone} />;
}
