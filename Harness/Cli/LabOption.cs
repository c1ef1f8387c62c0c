using System.CommandLine;

namespace EventCommitLab.Harness.Cli;

/// <summary>
/// Options as the lab declares them: one value each (a list is one comma-separated value), parsed by a function that
/// throws with the lab's one-line message, which becomes the command line's parse error. No default value is declared
/// to the library: an option not given leaves the setting's own default, and the description says what it is.
/// </summary>
internal static class LabOption
{
    public static Option<T> Of<T>(string name, string helpName, string description, Func<string, string, T> parse) =>
        new(name)
        {
            Description = description,
            HelpName = helpName,
            CustomParser = result =>
            {
                if (result.Tokens.Count == 0)
                {
                    // The library reports the missing value itself.
                    return default!;
                }

                try
                {
                    return parse(name, result.Tokens[0].Value);
                }
                catch (ArgumentException e)
                {
                    result.AddError(e.Message);
                    return default!;
                }
            },
        };

    public static Option<string> Text(string name, string helpName, string description) =>
        new(name) { Description = description, HelpName = helpName };

    public static Option<bool> Flag(string name, string description) =>
        new(name) { Description = description, Arity = ArgumentArity.Zero };

    /// <summary>The option's value when the command line gave it; false when it did not (its setting keeps its default).</summary>
    public static bool Given<T>(this ParseResult result, Option<T> option, out T value)
    {
        ArgumentNullException.ThrowIfNull(result);
        if (result.GetResult(option) is { Implicit: false })
        {
            value = result.GetValue(option)!;
            return true;
        }

        value = default!;
        return false;
    }

    public static bool Given(this ParseResult result, Option option) =>
        result is not null && result.GetResult(option) is { Implicit: false };
}
