import { environmentName } from '../secret-store/resolve.js';

/** `pharos secret --help`'s closing text: where a connection's secret:// and configmap:// fields are read from. */
export const SECRET_HELP = `
A connection field written as secret://NAME/KEY (or configmap://NAME/KEY) is read from this store,
in the connection's namespace, then 'default'; else from the environment variable
${environmentName('Secret', 'NAME', 'KEY')} (${environmentName('ConfigMap', 'NAME', 'KEY')}).
A check's, scraper's, action's or backend's own field reads its namespace, then the keys of
'default' shared with it (--allow-namespace), and the environment only in 'default'.`;
