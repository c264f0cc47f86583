// What the app uses of the club's chat; the rest of the folder is its own.
export type { ChatService } from './chat.service';
export { chatDeliveryTable, matrixRoomTable, webhookTable } from './chat.entity';
