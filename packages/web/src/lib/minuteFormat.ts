import { ConfigProvider } from 'antd';
import { useContext } from 'react';

/**
 * The language's date and time as its pickers write them, to the minute, for every date-and-time range
 * picker: with seconds a range's two times do not fit a phone's width (390 px), and the chart's points
 * and alarm queries are minutes apart at best.
 */
export function useMinuteFormat() {
  const { locale } = useContext(ConfigProvider.ConfigContext);
  return (locale?.DatePicker?.lang.fieldDateTimeFormat ?? 'YYYY-MM-DD HH:mm:ss').replace(/:ss$/, '');
}
