import Foundation

/// `pulpe forecast --json`: `{"months": [{"month": "YYYY-MM", "available": "…", "projected": "…"}]}`, the
/// first the current period, amounts exact decimal strings as `pulpe export` writes them.
public enum ForecastOutput {
    public static func json(_ forecast: Forecast) -> String {
        let months = forecast.months.map { month in
            "{\"month\":\"\(month.month)\",\"available\":\"\(ExportNames.amount(month.available))\","
                + "\"projected\":\"\(ExportNames.amount(month.projected))\"}"
        }
        return "{\"months\":[" + months.joined(separator: ",") + "]}"
    }
}
