/** The parts of @ewsjs/ntlm-client (which ships no types) that the http check uses. */
declare module '@ewsjs/ntlm-client' {
  interface Type2Message {
    flags: number;
    version: 1 | 2;
    challenge: Buffer;
    targetName: string;
  }
  const client: {
    createType1Message(workstation?: string, target?: string): string;
    decodeType2Message(header: string): Type2Message;
    createType3Message(type2: Type2Message, username: string, password: string, workstation?: string, target?: string): string;
  };
  export default client;
}
