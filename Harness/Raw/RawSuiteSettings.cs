namespace EventCommitLab.Harness.Raw;

/// <summary>The raw suite's sizes: the ESENT measurement's million by default, a smoke size with --quick.</summary>
/// <param name="Rows">Rows inserted per durability, and point reads and random seeks made.</param>
/// <param name="Scans">Full scans of the table.</param>
/// <param name="StoreToolFor">How long the store's own tool inserts for, per durability.</param>
public sealed record RawSuiteSettings(long Rows, int Scans, TimeSpan StoreToolFor)
{
    public const int Slices = 10;

    public static RawSuiteSettings Full { get; } = new(1_000_000, 10, TimeSpan.FromSeconds(30));

    public static RawSuiteSettings Quick { get; } = new(2_000, 3, TimeSpan.FromSeconds(2));
}
