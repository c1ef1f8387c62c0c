namespace EventCommitLab.Harness.Floor;

/// <summary>The floor suite's sizes: the ESENT measurement's million by default, a smoke size with --quick.</summary>
/// <param name="Rows">Rows inserted per durability, and point reads and random seeks made.</param>
/// <param name="Scans">Full scans of the table.</param>
/// <param name="StoreToolFor">How long the store's own tool inserts for, per durability.</param>
public sealed record FloorSuiteSettings(long Rows, int Scans, TimeSpan StoreToolFor)
{
    public const int Slices = 10;

    public static FloorSuiteSettings Full { get; } = new(1_000_000, 10, TimeSpan.FromSeconds(30));

    public static FloorSuiteSettings Quick { get; } = new(2_000, 3, TimeSpan.FromSeconds(2));
}
