// The package ships no types; only the call used here is declared.
declare module 'multicoin-address-validator' {
  function validate(
    address: string,
    currency: string,
    opts?: { networkType?: 'prod' | 'testnet' | 'both'; chainType?: string },
  ): boolean;
  const validator: { validate: typeof validate };
  export default validator;
}
