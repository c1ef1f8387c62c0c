namespace EventCommitLab.Contract.Port;

/// <summary>
/// An option a store adds to every verb that starts a store, declared without any command-line library: the host turns
/// it into its own option, checks its value, and hands the value back to the store's module.
/// </summary>
/// <param name="Name">As typed, e.g. <c>--pg-bin</c>.</param>
/// <param name="ValueName">What the help calls its value, e.g. <c>DIR</c>.</param>
/// <param name="Description">The help's line; it says the default.</param>
public sealed record StoreOption(string Name, string ValueName, string Description)
{
    /// <summary>The values it takes; null for any text.</summary>
    public IReadOnlyList<string>? Choices { get; init; }

    /// <summary>Takes a comma-separated list of <see cref="Choices"/>, not one of them.</summary>
    public bool Many { get; init; }

    /// <summary>Its values name the run's durabilities: two or more make durability a dimension of the grid.</summary>
    public bool NamesDurabilities { get; init; }
}
