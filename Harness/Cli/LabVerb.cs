using System.CommandLine;

namespace EventCommitLab.Harness.Cli;

/// <summary>
/// A verb of the harness (a suite, a tool over runs): its own options, and how a parse of them sets the options. A verb
/// that starts a store also takes the store's options and the results folder's (added by <see cref="LabCommandLine"/>).
/// </summary>
internal sealed class LabVerb : Command
{
    private readonly Func<ParseResult, HarnessOptions, HarnessOptions> _bind;

    /// <param name="why">Why the main job's other options mean nothing here, as the error for one of them says it.</param>
    public LabVerb(string name, string description, string why, IEnumerable<Option> options, Func<ParseResult, HarnessOptions, HarnessOptions> bind, bool startsStore = true)
        : base(name, description)
    {
        ArgumentNullException.ThrowIfNull(options);
        Why = why;
        StartsStore = startsStore;
        _bind = bind;
        foreach (var option in options)
        {
            Options.Add(option);
        }
    }

    public string Why { get; }

    public bool StartsStore { get; }

    public HarnessOptions Bind(ParseResult result, HarnessOptions options) => _bind(result, options);
}
