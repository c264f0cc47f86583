// What other features and the app may use of the meeting night; the rest of the folder is its own.
export type { QuestionsService } from './questions.service';
export type { RoomService } from './room.service';
export { displayLinkTable, meetingNightTable, meetingQuestionTable } from './meeting-night.entity';
export { revokeDisplayLink } from './room.service';
