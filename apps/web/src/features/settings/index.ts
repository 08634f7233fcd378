// The settings feature's public face: the signed-in load its sections use, which other cabinet
// screens that read a list with the client's token use too.
export { useSignedInLoad, type Load } from './useSignedInLoad';
