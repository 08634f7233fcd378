// The schedules feature's public face: the Cancel and Withdraw actions a transfer row offers before
// it moves, which the statement shows on its rows as the scheduled payments screen does, and the
// call that makes a standing order, which the transfer form sends when Repeat is on.
export { TransferActionButton, type ActedTransfer } from './TransferActionButton';
export { clientActionOf, showsReason, type ClientTransferAction } from './transferActions';
export { createStandingOrder } from './schedulesApi';
