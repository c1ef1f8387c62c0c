namespace EventCommitLab.Contract.Port;

/// <summary>A store's module over its own settings record: the typed half of <see cref="IStoreModule"/>.</summary>
public abstract class StoreModule<TSettings> : IStoreModule
    where TSettings : class, new()
{
    public abstract string Name { get; }

    public abstract Type Provider { get; }

    public Type SettingsType => typeof(TSettings);

    public abstract IReadOnlyList<StoreOption> Options { get; }

    public object Defaults() => new TSettings();

    public abstract TSettings FromEnvironment();

    /// <summary>The settings with <paramref name="option"/> given <paramref name="values"/>; null when the option is not this store's.</summary>
    public abstract TSettings? Apply(TSettings settings, StoreOption option, IReadOnlyList<string> values);

    public virtual string? UnavailableBecause(TSettings settings) => null;

    public abstract Task<IEventStoreProvider> StartAsync(TSettings settings, Action<string> log, CancellationToken cancellationToken);

    public abstract string Durability(TSettings settings);

    public virtual string DescribeDurabilities(IReadOnlyList<string> durabilities) => string.Join(", ", durabilities);

    public virtual Func<string, IEventLog>? OpenAt => null;

    public virtual StoreCommitShapes? CommitShapes => null;

    object IStoreModule.FromEnvironment() => FromEnvironment();

    object IStoreModule.Apply(object settings, StoreOption option, IReadOnlyList<string> values)
    {
        ArgumentNullException.ThrowIfNull(settings);
        ArgumentNullException.ThrowIfNull(option);
        ArgumentNullException.ThrowIfNull(values);
        return Apply((TSettings)settings, option, values) ?? throw new ArgumentException($"{option.Name} is not an option of the {Name} store.", nameof(option));
    }

    string? IStoreModule.UnavailableBecause(object settings) => UnavailableBecause((TSettings)settings);

    Task<IEventStoreProvider> IStoreModule.StartAsync(object settings, Action<string> log, CancellationToken cancellationToken) =>
        StartAsync((TSettings)settings, log, cancellationToken);

    string IStoreModule.Durability(object settings) => Durability((TSettings)settings);
}
