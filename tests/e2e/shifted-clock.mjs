// Loaded into a test site's server (node --import) to set its clock SHIFTED_CLOCK_MS ahead:
// a spec about what the business's hours decide (texts wait out 9 PM to 8 AM in Kansas)
// runs the site at a known time of day, whenever the suite itself runs. Timers are not
// touched: only what the server reads as "now".
const offset = Number(process.env.SHIFTED_CLOCK_MS ?? 0);
const RealDate = globalThis.Date;

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }

  static now() {
    return RealDate.now() + offset;
  }
}

if (offset) globalThis.Date = ShiftedDate;
