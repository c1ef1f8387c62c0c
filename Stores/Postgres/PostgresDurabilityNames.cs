namespace EventCommitLab.Stores.Postgres;

/// <summary>The names the command line and the table headers give <see cref="PostgresDurability"/> values.</summary>
public static class PostgresDurabilityNames
{
    /// <summary>Every durability, the strongest first.</summary>
    public static IReadOnlyList<string> All { get; } = ["durable", "async-commit"];

    public static string Of(PostgresDurability durability) => durability switch
    {
        PostgresDurability.Durable => "durable",
        PostgresDurability.AsyncCommit => "async-commit",
        _ => throw new ArgumentOutOfRangeException(nameof(durability), durability, "Not a PostgreSQL durability."),
    };

    /// <exception cref="ArgumentException">A name not in <see cref="All"/>; the message names the valid ones.</exception>
    public static PostgresDurability Parse(string name) => name switch
    {
        "durable" => PostgresDurability.Durable,
        "async-commit" => PostgresDurability.AsyncCommit,
        _ => throw new ArgumentException($"--durability: unknown value '{name}'. Valid values: {string.Join(", ", All)}.", nameof(name)),
    };
}
