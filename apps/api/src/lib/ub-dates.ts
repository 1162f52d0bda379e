/** The store's dates in messages (SMS, e-mail, notifications) as members read them: Ulaanbaatar time. */
const day = new Intl.DateTimeFormat('mn-MN', {
  timeZone: 'Asia/Ulaanbaatar',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const minute = new Intl.DateTimeFormat('mn-MN', {
  timeZone: 'Asia/Ulaanbaatar',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** the day, e.g. for a period's end */
export const ubDate = (date: Date) => day.format(date);
/** the day and the minute, e.g. for a rental's end */
export const ubDateTime = (date: Date) => minute.format(date);
