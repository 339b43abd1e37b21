import { describe, expect, test } from 'vitest'
import { parseLayoffDate } from './dates.ts'

// Layoff dates in the forms state WARN files use (issue 19; spec 002 §5).

describe('layoff dates', () => {
  test.each([
    ['2020-07-27', '2020-07-27'],
    ['7/27/2020', '2020-07-27'],
    ['07/05/2017', '2017-07-05'],
    ['01/5/2012', '2012-01-05'],
    ['2020/6/1', '2020-06-01'],
    ['2018/4/ 27', '2018-04-27'],
    ['20200110', '2020-01-10'],
    ['July 27, 2020', '2020-07-27'],
    ['Jul 27 2020', '2020-07-27'],
    ['jul. 27th, 2020', '2020-07-27'],
    ['SEPT 3, 2019', '2019-09-03'],
    ['June 23,2013', '2013-06-23'],
    ['March, 20, 2020', '2020-03-20'],
    ['April 18. 2020', '2020-04-18'],
    ['15 December 2014', '2014-12-15'],
    ['30 January  2014', '2014-01-30'],
    ['15-Dec-2014', '2014-12-15'],
    ['15-Dec-14', '2014-12-15'],
    ['2020-07-27T00:00:00Z', '2020-07-27'],
    ['2020-07-27 00:00:00', '2020-07-27'],
  ])('%s is %s', (text, date) => {
    expect(parseLayoffDate(text)).toBe(date)
  })

  test('two-digit years get 20 in front (spec 002 §5)', () => {
    expect(parseLayoffDate('11/11/19')).toBe('2019-11-11')
    expect(parseLayoffDate('01-02-19')).toBe('2019-01-02')
    expect(parseLayoffDate('8/7/15')).toBe('2015-08-07')
  })

  test('a range or a list of dates gives its first date', () => {
    expect(parseLayoffDate('7/27/2020 - 8/10/2020')).toBe('2020-07-27')
    expect(parseLayoffDate('7/27/2020; 8/3/2020')).toBe('2020-07-27')
    expect(parseLayoffDate('02-28-19 thru  02-28-19')).toBe('2019-02-28')
    expect(parseLayoffDate('4/13/2018to 5/11/2018')).toBe('2018-04-13')
    expect(parseLayoffDate('3/8/19-\n    6/30/19')).toBe('2019-03-08')
    expect(parseLayoffDate('June 29, 2012 & August 3, 2012')).toBe('2012-06-29')
    expect(parseLayoffDate('May 31, 2012\u00a0\nJune 15, 2012')).toBe('2012-05-31')
    expect(parseLayoffDate('December 13, 2019 and continue until February 28, 2020')).toBe('2019-12-13')
  })

  test('days listed before the year take the year that follows them', () => {
    expect(parseLayoffDate('May 7,14 & 31, 2012')).toBe('2012-05-07')
    expect(parseLayoffDate('March 20-24, 2020')).toBe('2020-03-20')
    expect(parseLayoffDate('Beginning April 14 and ending June 30, 2020')).toBe('2020-04-14')
  })

  test('words around a date do not hide it', () => {
    expect(parseLayoffDate('Starting 7/15/2011')).toBe('2011-07-15')
    expect(parseLayoffDate('Start 12/1/10 End 9/2011')).toBe('2010-12-01')
    expect(parseLayoffDate('NOTE: possible event 10/22/2010')).toBe('2010-10-22')
    expect(parseLayoffDate('02/26/2016\nDaneSouth Central')).toBe('2016-02-26')
  })

  test('impossible dates and years out of range are not dates', () => {
    expect(parseLayoffDate('2/30/2020')).toBeNull()
    expect(parseLayoffDate('2/29/2014')).toBeNull()
    expect(parseLayoffDate('2/29/2020')).toBe('2020-02-29')
    expect(parseLayoffDate('13/1/2020')).toBeNull()
    expect(parseLayoffDate('2020-00-10')).toBeNull()
    expect(parseLayoffDate('7/27/1899')).toBeNull()
    expect(parseLayoffDate('7/27/2101')).toBeNull()
    expect(parseLayoffDate('1/1/1980')).toBe('1980-01-01')
  })

  test('a month without a day, a typo or no date at all is not a date', () => {
    for (const text of [
      '',
      'Unknown at this time',
      'August 2013',
      'Beginning in February 2020',
      '8/2017-12/2018',
      'Apri 1, 2020',
      '4/82011',
      '3/3020/17',
      '124',
      '4th quarter of this year',
      '43923',
    ]) {
      expect(parseLayoffDate(text), text).toBeNull()
    }
  })
})
