using System.Globalization;

namespace EventCommitLab.Reporting;

/// <summary>
/// A share of rows as a percentage, cut (never rounded up) to one decimal: 35 rows of 39 read 89.7%, not 90%, so a page
/// never shows a goal of nine rows in ten met by a run that missed it.
/// </summary>
internal static class ShareText
{
    public static string Of(int part, int whole) => whole == 0 ? "-" : Of((double)part / whole);

    public static string Of(double share) =>
        string.Create(CultureInfo.InvariantCulture, $"{Math.Floor(share * 1000 + 1e-9) / 10:0.#}%");
}
