namespace EventCommitLab.Tests.Infrastructure;

/// <summary>
/// The tests that write the harness's help run one after the other: the help names what the catalogs hold when it is
/// written, and one of them adds to the catalogs.
/// </summary>
[CollectionDefinition(Name)]
public sealed class CommandLineHelpCollection
{
    public const string Name = "command line help";
}
