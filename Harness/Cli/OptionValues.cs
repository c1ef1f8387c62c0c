using System.Globalization;

namespace EventCommitLab.Harness.Cli;

/// <summary>
/// How an option's text becomes its value: each parser throws an <see cref="ArgumentException"/> whose message names the
/// option, the value and what is valid, which <see cref="LabOption"/> hands to the command line as the parse error.
/// </summary>
internal static class OptionValues
{
    public static double Decimal(string option, string value, double min, double max) =>
        double.TryParse(value, NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out var n) && n >= min && n <= max
            ? n
            : throw new ArgumentException(string.Create(CultureInfo.InvariantCulture, $"{option}: '{value}' is not a number from {min} to {max}."));

    public static long Number(string option, string value, long min, long max) =>
        long.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out var n) && n >= min && n <= max
            ? n
            : throw new ArgumentException($"{option}: '{value}' is not a whole number from {min} to {max}.");

    /// <summary>A comma-separated list of whole numbers, sorted, without repeats.</summary>
    public static int[] Numbers(string option, string value, int min, int max) =>
        [.. List(option, value).Select(v => (int)Number(option, v, min, max)).Distinct().Order()];

    public static string[] List(string option, string value)
    {
        var items = value.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        return items.Length > 0 ? items : throw new ArgumentException($"{option} needs at least one value.");
    }

    /// <summary>One of <paramref name="valid"/>, in any case, spelled as <paramref name="valid"/> spells it.</summary>
    public static string OneOf(string option, string value, IReadOnlyList<string> valid) =>
        valid.FirstOrDefault(v => string.Equals(v, value, StringComparison.OrdinalIgnoreCase))
        ?? throw new ArgumentException($"{option}: unknown value '{value}'. Valid values: {string.Join(", ", valid)}.");

    /// <summary>Several of <paramref name="valid"/>, comma-separated, in the order given, without repeats.</summary>
    public static string[] SomeOf(string option, string value, IReadOnlyList<string> valid) =>
        [.. List(option, value).Select(v => OneOf(option, v, valid)).Distinct()];

    /// <summary>An enum member by its name written in kebab case (<c>async-commit</c>) or as it is (<c>AsyncCommit</c>).</summary>
    public static T Enum<T>(string option, string value)
        where T : struct, System.Enum =>
        System.Enum.TryParse<T>(value.Replace("-", "", StringComparison.Ordinal), ignoreCase: true, out var parsed)
        && System.Enum.IsDefined(parsed) && !value.Any(char.IsDigit)
            ? parsed
            : throw new ArgumentException($"{option}: unknown value '{value}'. Valid values: {string.Join(", ", KebabNames<T>())}.");

    /// <summary>Several enum members, comma-separated, in the enum's order, without repeats.</summary>
    public static T[] Enums<T>(string option, string value)
        where T : struct, System.Enum =>
        [.. List(option, value).Select(v => Enum<T>(option, v)).Distinct().Order()];

    public static IEnumerable<string> KebabNames<T>()
        where T : struct, System.Enum =>
        System.Enum.GetNames<T>().Select(Kebab);

    private static string Kebab(string name) =>
        string.Concat(name.Select((c, i) => char.IsUpper(c) && i > 0 ? "-" + char.ToLowerInvariant(c) : char.ToLowerInvariant(c).ToString()));
}
