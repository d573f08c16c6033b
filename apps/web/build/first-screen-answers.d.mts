export interface RecordedAnswer {
  status: number;
  body: string;
}
export type RecordedAnswers = Record<string, RecordedAnswer>;
export function answeringFrom(answers: RecordedAnswers): typeof fetch;
export function recordingFrom(origin: string, answers: RecordedAnswers): typeof fetch;
